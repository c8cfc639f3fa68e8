// expect: wide=racy, big_values=racy, narrow=drf, member_of_template=drf
//--blockDim=32 --gridDim=1
// An enum is as wide as its underlying type: the declared one (enum E :
// long long, 8 bytes; enum class T : unsigned char, 1 byte), else int
// unless an enumerator needs more (1LL << 40: 8 bytes). drfcheck took every
// enum for 4 bytes, so an 8-byte enum field missed its upper half.

enum Wide : long long { W = 1 };
struct HoldsWide { Wide e; };

// Thread 0 writes s->e, bytes 0 to 7; thread 1 writes the int at bytes 4
// to 7 of the same struct.
__global__ void wide(HoldsWide *s) {
  if (threadIdx.x == 0) s->e = W; // want race
  if (threadIdx.x == 1) ((int *)s)[1] = 1; // want race
}

enum BigValues { SMALL = 0, LARGE = 1LL << 40 };
struct HoldsBig { BigValues e; };

// As wide: an enum whose values need 8 bytes has an 8-byte underlying type.
__global__ void big_values(HoldsBig *s) {
  if (threadIdx.x == 0) s->e = LARGE; // want race
  if (threadIdx.x == 1) ((int *)s)[1] = 1; // want race
}

enum class Tag : unsigned char { A, B };

// Each thread writes its own byte twice, as a Tag and as a byte: tags[t]
// is byte t (taken as 4 bytes, tags[1] would cover bytes 4 to 7, which
// thread 4's byte write hits).
__global__ void narrow(unsigned char *out) {
  __shared__ Tag tags[32];
  tags[threadIdx.x] = Tag::A;
  ((unsigned char *)tags)[threadIdx.x] = 2;
  out[threadIdx.x] = (unsigned char)tags[threadIdx.x];
}

// A field whose type is an enum of a class template's instance
// (Opt<float>::Kind): the instance's layout is known, so the reads of r
// and dt are reads, not unknowns.
template <typename Real> struct Opt {
  enum Kind { Call, Put };
  Real spot, r, dt;
  Kind kind;
};

__global__ void member_of_template(float *out, const Opt<float> *o) {
  out[threadIdx.x] = o->r * o->dt;
}
