// The functions of drfcheck's helper_math.h, each declared with __DRF_HM:
// included by helper_math.h (plain inline functions, as in the CUDA
// samples) and by drfcheck_fallback.h (function templates that a file's
// own functions of the same signature always win over). No include guard:
// each includer has its own.
// ---- constructors ----

__DRF_HM float2 make_float2(float s) { return make_float2(s, s); }
__DRF_HM float2 make_float2(int2 a) { return make_float2((float)a.x, (float)a.y); }
__DRF_HM float2 make_float2(uint2 a) { return make_float2((float)a.x, (float)a.y); }
__DRF_HM float3 make_float3(float s) { return make_float3(s, s, s); }
__DRF_HM float3 make_float3(int3 a) { return make_float3((float)a.x, (float)a.y, (float)a.z); }
__DRF_HM float3 make_float3(uint3 a) { return make_float3((float)a.x, (float)a.y, (float)a.z); }
__DRF_HM float4 make_float4(float s) { return make_float4(s, s, s, s); }
__DRF_HM float4 make_float4(int4 a) { return make_float4((float)a.x, (float)a.y, (float)a.z, (float)a.w); }
__DRF_HM float4 make_float4(uint4 a) { return make_float4((float)a.x, (float)a.y, (float)a.z, (float)a.w); }
__DRF_HM float3 make_float3(float2 a) { return make_float3(a.x, a.y, 0); }
__DRF_HM float3 make_float3(float2 a, float s) { return make_float3(a.x, a.y, s); }
__DRF_HM float3 make_float3(float4 a) { return make_float3(a.x, a.y, a.z); }
__DRF_HM float2 make_float2(float3 a) { return make_float2(a.x, a.y); }
__DRF_HM float4 make_float4(float3 a) { return make_float4(a.x, a.y, a.z, 0); }
__DRF_HM float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }
__DRF_HM int2 make_int2(int s) { return make_int2(s, s); }
__DRF_HM int2 make_int2(float2 a) { return make_int2((int)a.x, (int)a.y); }
__DRF_HM int2 make_int2(uint2 a) { return make_int2((int)a.x, (int)a.y); }
__DRF_HM int3 make_int3(int s) { return make_int3(s, s, s); }
__DRF_HM int3 make_int3(float3 a) { return make_int3((int)a.x, (int)a.y, (int)a.z); }
__DRF_HM int3 make_int3(uint3 a) { return make_int3((int)a.x, (int)a.y, (int)a.z); }
__DRF_HM int4 make_int4(int s) { return make_int4(s, s, s, s); }
__DRF_HM int4 make_int4(float4 a) { return make_int4((int)a.x, (int)a.y, (int)a.z, (int)a.w); }
__DRF_HM int4 make_int4(uint4 a) { return make_int4((int)a.x, (int)a.y, (int)a.z, (int)a.w); }
__DRF_HM int3 make_int3(int2 a) { return make_int3(a.x, a.y, 0); }
__DRF_HM int3 make_int3(int2 a, int s) { return make_int3(a.x, a.y, s); }
__DRF_HM int3 make_int3(int4 a) { return make_int3(a.x, a.y, a.z); }
__DRF_HM int2 make_int2(int3 a) { return make_int2(a.x, a.y); }
__DRF_HM int4 make_int4(int3 a) { return make_int4(a.x, a.y, a.z, 0); }
__DRF_HM int4 make_int4(int3 a, int w) { return make_int4(a.x, a.y, a.z, w); }
__DRF_HM uint2 make_uint2(unsigned int s) { return make_uint2(s, s); }
__DRF_HM uint2 make_uint2(float2 a) { return make_uint2((unsigned int)a.x, (unsigned int)a.y); }
__DRF_HM uint2 make_uint2(int2 a) { return make_uint2((unsigned int)a.x, (unsigned int)a.y); }
__DRF_HM uint3 make_uint3(unsigned int s) { return make_uint3(s, s, s); }
__DRF_HM uint3 make_uint3(float3 a) { return make_uint3((unsigned int)a.x, (unsigned int)a.y, (unsigned int)a.z); }
__DRF_HM uint3 make_uint3(int3 a) { return make_uint3((unsigned int)a.x, (unsigned int)a.y, (unsigned int)a.z); }
__DRF_HM uint4 make_uint4(unsigned int s) { return make_uint4(s, s, s, s); }
__DRF_HM uint4 make_uint4(float4 a) { return make_uint4((unsigned int)a.x, (unsigned int)a.y, (unsigned int)a.z, (unsigned int)a.w); }
__DRF_HM uint4 make_uint4(int4 a) { return make_uint4((unsigned int)a.x, (unsigned int)a.y, (unsigned int)a.z, (unsigned int)a.w); }
__DRF_HM uint3 make_uint3(uint2 a) { return make_uint3(a.x, a.y, 0); }
__DRF_HM uint3 make_uint3(uint2 a, unsigned int s) { return make_uint3(a.x, a.y, s); }
__DRF_HM uint3 make_uint3(uint4 a) { return make_uint3(a.x, a.y, a.z); }
__DRF_HM uint2 make_uint2(uint3 a) { return make_uint2(a.x, a.y); }
__DRF_HM uint4 make_uint4(uint3 a) { return make_uint4(a.x, a.y, a.z, 0); }
__DRF_HM uint4 make_uint4(uint3 a, unsigned int w) { return make_uint4(a.x, a.y, a.z, w); }

// ---- operators ----

__DRF_HM float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
__DRF_HM float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__DRF_HM float2 operator+(float2 a, float s) { return make_float2(a.x + s, a.y + s); }
__DRF_HM float2 operator+(float s, float2 a) { return make_float2(s + a.x, s + a.y); }
__DRF_HM void operator+=(float2 &a, float2 b) { a.x += b.x; a.y += b.y; }
__DRF_HM void operator+=(float2 &a, float s) { a.x += s; a.y += s; }
__DRF_HM float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__DRF_HM float2 operator-(float2 a, float s) { return make_float2(a.x - s, a.y - s); }
__DRF_HM float2 operator-(float s, float2 a) { return make_float2(s - a.x, s - a.y); }
__DRF_HM void operator-=(float2 &a, float2 b) { a.x -= b.x; a.y -= b.y; }
__DRF_HM void operator-=(float2 &a, float s) { a.x -= s; a.y -= s; }
__DRF_HM float2 operator*(float2 a, float2 b) { return make_float2(a.x * b.x, a.y * b.y); }
__DRF_HM float2 operator*(float2 a, float s) { return make_float2(a.x * s, a.y * s); }
__DRF_HM float2 operator*(float s, float2 a) { return make_float2(s * a.x, s * a.y); }
__DRF_HM void operator*=(float2 &a, float2 b) { a.x *= b.x; a.y *= b.y; }
__DRF_HM void operator*=(float2 &a, float s) { a.x *= s; a.y *= s; }
__DRF_HM float2 operator/(float2 a, float2 b) { return make_float2(a.x / b.x, a.y / b.y); }
__DRF_HM float2 operator/(float2 a, float s) { return make_float2(a.x / s, a.y / s); }
__DRF_HM float2 operator/(float s, float2 a) { return make_float2(s / a.x, s / a.y); }
__DRF_HM void operator/=(float2 &a, float2 b) { a.x /= b.x; a.y /= b.y; }
__DRF_HM void operator/=(float2 &a, float s) { a.x /= s; a.y /= s; }
__DRF_HM float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }
__DRF_HM float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__DRF_HM float3 operator+(float3 a, float s) { return make_float3(a.x + s, a.y + s, a.z + s); }
__DRF_HM float3 operator+(float s, float3 a) { return make_float3(s + a.x, s + a.y, s + a.z); }
__DRF_HM void operator+=(float3 &a, float3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }
__DRF_HM void operator+=(float3 &a, float s) { a.x += s; a.y += s; a.z += s; }
__DRF_HM float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__DRF_HM float3 operator-(float3 a, float s) { return make_float3(a.x - s, a.y - s, a.z - s); }
__DRF_HM float3 operator-(float s, float3 a) { return make_float3(s - a.x, s - a.y, s - a.z); }
__DRF_HM void operator-=(float3 &a, float3 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }
__DRF_HM void operator-=(float3 &a, float s) { a.x -= s; a.y -= s; a.z -= s; }
__DRF_HM float3 operator*(float3 a, float3 b) { return make_float3(a.x * b.x, a.y * b.y, a.z * b.z); }
__DRF_HM float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__DRF_HM float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }
__DRF_HM void operator*=(float3 &a, float3 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; }
__DRF_HM void operator*=(float3 &a, float s) { a.x *= s; a.y *= s; a.z *= s; }
__DRF_HM float3 operator/(float3 a, float3 b) { return make_float3(a.x / b.x, a.y / b.y, a.z / b.z); }
__DRF_HM float3 operator/(float3 a, float s) { return make_float3(a.x / s, a.y / s, a.z / s); }
__DRF_HM float3 operator/(float s, float3 a) { return make_float3(s / a.x, s / a.y, s / a.z); }
__DRF_HM void operator/=(float3 &a, float3 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; }
__DRF_HM void operator/=(float3 &a, float s) { a.x /= s; a.y /= s; a.z /= s; }
__DRF_HM float4 operator-(float4 a) { return make_float4(-a.x, -a.y, -a.z, -a.w); }
__DRF_HM float4 operator+(float4 a, float4 b) { return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__DRF_HM float4 operator+(float4 a, float s) { return make_float4(a.x + s, a.y + s, a.z + s, a.w + s); }
__DRF_HM float4 operator+(float s, float4 a) { return make_float4(s + a.x, s + a.y, s + a.z, s + a.w); }
__DRF_HM void operator+=(float4 &a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
__DRF_HM void operator+=(float4 &a, float s) { a.x += s; a.y += s; a.z += s; a.w += s; }
__DRF_HM float4 operator-(float4 a, float4 b) { return make_float4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
__DRF_HM float4 operator-(float4 a, float s) { return make_float4(a.x - s, a.y - s, a.z - s, a.w - s); }
__DRF_HM float4 operator-(float s, float4 a) { return make_float4(s - a.x, s - a.y, s - a.z, s - a.w); }
__DRF_HM void operator-=(float4 &a, float4 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }
__DRF_HM void operator-=(float4 &a, float s) { a.x -= s; a.y -= s; a.z -= s; a.w -= s; }
__DRF_HM float4 operator*(float4 a, float4 b) { return make_float4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__DRF_HM float4 operator*(float4 a, float s) { return make_float4(a.x * s, a.y * s, a.z * s, a.w * s); }
__DRF_HM float4 operator*(float s, float4 a) { return make_float4(s * a.x, s * a.y, s * a.z, s * a.w); }
__DRF_HM void operator*=(float4 &a, float4 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; a.w *= b.w; }
__DRF_HM void operator*=(float4 &a, float s) { a.x *= s; a.y *= s; a.z *= s; a.w *= s; }
__DRF_HM float4 operator/(float4 a, float4 b) { return make_float4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }
__DRF_HM float4 operator/(float4 a, float s) { return make_float4(a.x / s, a.y / s, a.z / s, a.w / s); }
__DRF_HM float4 operator/(float s, float4 a) { return make_float4(s / a.x, s / a.y, s / a.z, s / a.w); }
__DRF_HM void operator/=(float4 &a, float4 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; a.w /= b.w; }
__DRF_HM void operator/=(float4 &a, float s) { a.x /= s; a.y /= s; a.z /= s; a.w /= s; }
__DRF_HM int2 operator-(int2 a) { return make_int2(-a.x, -a.y); }
__DRF_HM int2 operator+(int2 a, int2 b) { return make_int2(a.x + b.x, a.y + b.y); }
__DRF_HM int2 operator+(int2 a, int s) { return make_int2(a.x + s, a.y + s); }
__DRF_HM int2 operator+(int s, int2 a) { return make_int2(s + a.x, s + a.y); }
__DRF_HM void operator+=(int2 &a, int2 b) { a.x += b.x; a.y += b.y; }
__DRF_HM void operator+=(int2 &a, int s) { a.x += s; a.y += s; }
__DRF_HM int2 operator-(int2 a, int2 b) { return make_int2(a.x - b.x, a.y - b.y); }
__DRF_HM int2 operator-(int2 a, int s) { return make_int2(a.x - s, a.y - s); }
__DRF_HM int2 operator-(int s, int2 a) { return make_int2(s - a.x, s - a.y); }
__DRF_HM void operator-=(int2 &a, int2 b) { a.x -= b.x; a.y -= b.y; }
__DRF_HM void operator-=(int2 &a, int s) { a.x -= s; a.y -= s; }
__DRF_HM int2 operator*(int2 a, int2 b) { return make_int2(a.x * b.x, a.y * b.y); }
__DRF_HM int2 operator*(int2 a, int s) { return make_int2(a.x * s, a.y * s); }
__DRF_HM int2 operator*(int s, int2 a) { return make_int2(s * a.x, s * a.y); }
__DRF_HM void operator*=(int2 &a, int2 b) { a.x *= b.x; a.y *= b.y; }
__DRF_HM void operator*=(int2 &a, int s) { a.x *= s; a.y *= s; }
__DRF_HM int2 operator/(int2 a, int2 b) { return make_int2(a.x / b.x, a.y / b.y); }
__DRF_HM int2 operator/(int2 a, int s) { return make_int2(a.x / s, a.y / s); }
__DRF_HM int2 operator/(int s, int2 a) { return make_int2(s / a.x, s / a.y); }
__DRF_HM void operator/=(int2 &a, int2 b) { a.x /= b.x; a.y /= b.y; }
__DRF_HM void operator/=(int2 &a, int s) { a.x /= s; a.y /= s; }
__DRF_HM int3 operator-(int3 a) { return make_int3(-a.x, -a.y, -a.z); }
__DRF_HM int3 operator+(int3 a, int3 b) { return make_int3(a.x + b.x, a.y + b.y, a.z + b.z); }
__DRF_HM int3 operator+(int3 a, int s) { return make_int3(a.x + s, a.y + s, a.z + s); }
__DRF_HM int3 operator+(int s, int3 a) { return make_int3(s + a.x, s + a.y, s + a.z); }
__DRF_HM void operator+=(int3 &a, int3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }
__DRF_HM void operator+=(int3 &a, int s) { a.x += s; a.y += s; a.z += s; }
__DRF_HM int3 operator-(int3 a, int3 b) { return make_int3(a.x - b.x, a.y - b.y, a.z - b.z); }
__DRF_HM int3 operator-(int3 a, int s) { return make_int3(a.x - s, a.y - s, a.z - s); }
__DRF_HM int3 operator-(int s, int3 a) { return make_int3(s - a.x, s - a.y, s - a.z); }
__DRF_HM void operator-=(int3 &a, int3 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }
__DRF_HM void operator-=(int3 &a, int s) { a.x -= s; a.y -= s; a.z -= s; }
__DRF_HM int3 operator*(int3 a, int3 b) { return make_int3(a.x * b.x, a.y * b.y, a.z * b.z); }
__DRF_HM int3 operator*(int3 a, int s) { return make_int3(a.x * s, a.y * s, a.z * s); }
__DRF_HM int3 operator*(int s, int3 a) { return make_int3(s * a.x, s * a.y, s * a.z); }
__DRF_HM void operator*=(int3 &a, int3 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; }
__DRF_HM void operator*=(int3 &a, int s) { a.x *= s; a.y *= s; a.z *= s; }
__DRF_HM int3 operator/(int3 a, int3 b) { return make_int3(a.x / b.x, a.y / b.y, a.z / b.z); }
__DRF_HM int3 operator/(int3 a, int s) { return make_int3(a.x / s, a.y / s, a.z / s); }
__DRF_HM int3 operator/(int s, int3 a) { return make_int3(s / a.x, s / a.y, s / a.z); }
__DRF_HM void operator/=(int3 &a, int3 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; }
__DRF_HM void operator/=(int3 &a, int s) { a.x /= s; a.y /= s; a.z /= s; }
__DRF_HM int4 operator-(int4 a) { return make_int4(-a.x, -a.y, -a.z, -a.w); }
__DRF_HM int4 operator+(int4 a, int4 b) { return make_int4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__DRF_HM int4 operator+(int4 a, int s) { return make_int4(a.x + s, a.y + s, a.z + s, a.w + s); }
__DRF_HM int4 operator+(int s, int4 a) { return make_int4(s + a.x, s + a.y, s + a.z, s + a.w); }
__DRF_HM void operator+=(int4 &a, int4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
__DRF_HM void operator+=(int4 &a, int s) { a.x += s; a.y += s; a.z += s; a.w += s; }
__DRF_HM int4 operator-(int4 a, int4 b) { return make_int4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
__DRF_HM int4 operator-(int4 a, int s) { return make_int4(a.x - s, a.y - s, a.z - s, a.w - s); }
__DRF_HM int4 operator-(int s, int4 a) { return make_int4(s - a.x, s - a.y, s - a.z, s - a.w); }
__DRF_HM void operator-=(int4 &a, int4 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }
__DRF_HM void operator-=(int4 &a, int s) { a.x -= s; a.y -= s; a.z -= s; a.w -= s; }
__DRF_HM int4 operator*(int4 a, int4 b) { return make_int4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__DRF_HM int4 operator*(int4 a, int s) { return make_int4(a.x * s, a.y * s, a.z * s, a.w * s); }
__DRF_HM int4 operator*(int s, int4 a) { return make_int4(s * a.x, s * a.y, s * a.z, s * a.w); }
__DRF_HM void operator*=(int4 &a, int4 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; a.w *= b.w; }
__DRF_HM void operator*=(int4 &a, int s) { a.x *= s; a.y *= s; a.z *= s; a.w *= s; }
__DRF_HM int4 operator/(int4 a, int4 b) { return make_int4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }
__DRF_HM int4 operator/(int4 a, int s) { return make_int4(a.x / s, a.y / s, a.z / s, a.w / s); }
__DRF_HM int4 operator/(int s, int4 a) { return make_int4(s / a.x, s / a.y, s / a.z, s / a.w); }
__DRF_HM void operator/=(int4 &a, int4 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; a.w /= b.w; }
__DRF_HM void operator/=(int4 &a, int s) { a.x /= s; a.y /= s; a.z /= s; a.w /= s; }
__DRF_HM uint2 operator+(uint2 a, uint2 b) { return make_uint2(a.x + b.x, a.y + b.y); }
__DRF_HM uint2 operator+(uint2 a, unsigned int s) { return make_uint2(a.x + s, a.y + s); }
__DRF_HM uint2 operator+(unsigned int s, uint2 a) { return make_uint2(s + a.x, s + a.y); }
__DRF_HM void operator+=(uint2 &a, uint2 b) { a.x += b.x; a.y += b.y; }
__DRF_HM void operator+=(uint2 &a, unsigned int s) { a.x += s; a.y += s; }
__DRF_HM uint2 operator-(uint2 a, uint2 b) { return make_uint2(a.x - b.x, a.y - b.y); }
__DRF_HM uint2 operator-(uint2 a, unsigned int s) { return make_uint2(a.x - s, a.y - s); }
__DRF_HM uint2 operator-(unsigned int s, uint2 a) { return make_uint2(s - a.x, s - a.y); }
__DRF_HM void operator-=(uint2 &a, uint2 b) { a.x -= b.x; a.y -= b.y; }
__DRF_HM void operator-=(uint2 &a, unsigned int s) { a.x -= s; a.y -= s; }
__DRF_HM uint2 operator*(uint2 a, uint2 b) { return make_uint2(a.x * b.x, a.y * b.y); }
__DRF_HM uint2 operator*(uint2 a, unsigned int s) { return make_uint2(a.x * s, a.y * s); }
__DRF_HM uint2 operator*(unsigned int s, uint2 a) { return make_uint2(s * a.x, s * a.y); }
__DRF_HM void operator*=(uint2 &a, uint2 b) { a.x *= b.x; a.y *= b.y; }
__DRF_HM void operator*=(uint2 &a, unsigned int s) { a.x *= s; a.y *= s; }
__DRF_HM uint2 operator/(uint2 a, uint2 b) { return make_uint2(a.x / b.x, a.y / b.y); }
__DRF_HM uint2 operator/(uint2 a, unsigned int s) { return make_uint2(a.x / s, a.y / s); }
__DRF_HM uint2 operator/(unsigned int s, uint2 a) { return make_uint2(s / a.x, s / a.y); }
__DRF_HM void operator/=(uint2 &a, uint2 b) { a.x /= b.x; a.y /= b.y; }
__DRF_HM void operator/=(uint2 &a, unsigned int s) { a.x /= s; a.y /= s; }
__DRF_HM uint3 operator+(uint3 a, uint3 b) { return make_uint3(a.x + b.x, a.y + b.y, a.z + b.z); }
__DRF_HM uint3 operator+(uint3 a, unsigned int s) { return make_uint3(a.x + s, a.y + s, a.z + s); }
__DRF_HM uint3 operator+(unsigned int s, uint3 a) { return make_uint3(s + a.x, s + a.y, s + a.z); }
__DRF_HM void operator+=(uint3 &a, uint3 b) { a.x += b.x; a.y += b.y; a.z += b.z; }
__DRF_HM void operator+=(uint3 &a, unsigned int s) { a.x += s; a.y += s; a.z += s; }
__DRF_HM uint3 operator-(uint3 a, uint3 b) { return make_uint3(a.x - b.x, a.y - b.y, a.z - b.z); }
__DRF_HM uint3 operator-(uint3 a, unsigned int s) { return make_uint3(a.x - s, a.y - s, a.z - s); }
__DRF_HM uint3 operator-(unsigned int s, uint3 a) { return make_uint3(s - a.x, s - a.y, s - a.z); }
__DRF_HM void operator-=(uint3 &a, uint3 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; }
__DRF_HM void operator-=(uint3 &a, unsigned int s) { a.x -= s; a.y -= s; a.z -= s; }
__DRF_HM uint3 operator*(uint3 a, uint3 b) { return make_uint3(a.x * b.x, a.y * b.y, a.z * b.z); }
__DRF_HM uint3 operator*(uint3 a, unsigned int s) { return make_uint3(a.x * s, a.y * s, a.z * s); }
__DRF_HM uint3 operator*(unsigned int s, uint3 a) { return make_uint3(s * a.x, s * a.y, s * a.z); }
__DRF_HM void operator*=(uint3 &a, uint3 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; }
__DRF_HM void operator*=(uint3 &a, unsigned int s) { a.x *= s; a.y *= s; a.z *= s; }
__DRF_HM uint3 operator/(uint3 a, uint3 b) { return make_uint3(a.x / b.x, a.y / b.y, a.z / b.z); }
__DRF_HM uint3 operator/(uint3 a, unsigned int s) { return make_uint3(a.x / s, a.y / s, a.z / s); }
__DRF_HM uint3 operator/(unsigned int s, uint3 a) { return make_uint3(s / a.x, s / a.y, s / a.z); }
__DRF_HM void operator/=(uint3 &a, uint3 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; }
__DRF_HM void operator/=(uint3 &a, unsigned int s) { a.x /= s; a.y /= s; a.z /= s; }
__DRF_HM uint4 operator+(uint4 a, uint4 b) { return make_uint4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
__DRF_HM uint4 operator+(uint4 a, unsigned int s) { return make_uint4(a.x + s, a.y + s, a.z + s, a.w + s); }
__DRF_HM uint4 operator+(unsigned int s, uint4 a) { return make_uint4(s + a.x, s + a.y, s + a.z, s + a.w); }
__DRF_HM void operator+=(uint4 &a, uint4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }
__DRF_HM void operator+=(uint4 &a, unsigned int s) { a.x += s; a.y += s; a.z += s; a.w += s; }
__DRF_HM uint4 operator-(uint4 a, uint4 b) { return make_uint4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
__DRF_HM uint4 operator-(uint4 a, unsigned int s) { return make_uint4(a.x - s, a.y - s, a.z - s, a.w - s); }
__DRF_HM uint4 operator-(unsigned int s, uint4 a) { return make_uint4(s - a.x, s - a.y, s - a.z, s - a.w); }
__DRF_HM void operator-=(uint4 &a, uint4 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }
__DRF_HM void operator-=(uint4 &a, unsigned int s) { a.x -= s; a.y -= s; a.z -= s; a.w -= s; }
__DRF_HM uint4 operator*(uint4 a, uint4 b) { return make_uint4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
__DRF_HM uint4 operator*(uint4 a, unsigned int s) { return make_uint4(a.x * s, a.y * s, a.z * s, a.w * s); }
__DRF_HM uint4 operator*(unsigned int s, uint4 a) { return make_uint4(s * a.x, s * a.y, s * a.z, s * a.w); }
__DRF_HM void operator*=(uint4 &a, uint4 b) { a.x *= b.x; a.y *= b.y; a.z *= b.z; a.w *= b.w; }
__DRF_HM void operator*=(uint4 &a, unsigned int s) { a.x *= s; a.y *= s; a.z *= s; a.w *= s; }
__DRF_HM uint4 operator/(uint4 a, uint4 b) { return make_uint4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }
__DRF_HM uint4 operator/(uint4 a, unsigned int s) { return make_uint4(a.x / s, a.y / s, a.z / s, a.w / s); }
__DRF_HM uint4 operator/(unsigned int s, uint4 a) { return make_uint4(s / a.x, s / a.y, s / a.z, s / a.w); }
__DRF_HM void operator/=(uint4 &a, uint4 b) { a.x /= b.x; a.y /= b.y; a.z /= b.z; a.w /= b.w; }
__DRF_HM void operator/=(uint4 &a, unsigned int s) { a.x /= s; a.y /= s; a.z /= s; a.w /= s; }

// ---- functions ----

#if __cplusplus < 202002L // C++20 has std::lerp, which <math.h> puts in the global namespace
__DRF_HM float lerp(float a, float b, float t) { return a + t * (b - a); }
#endif
__DRF_HM float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
__DRF_HM int clamp(int f, int a, int b) { return max(a, min(f, b)); }
__DRF_HM unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) { return max(a, min(f, b)); }
__DRF_HM float smoothstep(float a, float b, float x) {
  float y = clamp((x - a) / (b - a), 0.0f, 1.0f);
  return y * y * (3.0f - 2.0f * y);
}
__DRF_HM float2 fminf(float2 a, float2 b) { return make_float2(fminf(a.x, b.x), fminf(a.y, b.y)); }
__DRF_HM float2 fmaxf(float2 a, float2 b) { return make_float2(fmaxf(a.x, b.x), fmaxf(a.y, b.y)); }
__DRF_HM float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }
__DRF_HM float2 clamp(float2 v, float a, float b) { return make_float2(clamp(v.x, a, b), clamp(v.y, a, b)); }
__DRF_HM float2 clamp(float2 v, float2 a, float2 b) { return make_float2(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y)); }
__DRF_HM float2 lerp(float2 a, float2 b, float t) { return a + t * (b - a); }
__DRF_HM float length(float2 v) { return sqrtf(dot(v, v)); }
__DRF_HM float2 normalize(float2 v) { return v * rsqrtf(dot(v, v)); }
__DRF_HM float2 floorf(float2 v) { return make_float2(floorf(v.x), floorf(v.y)); }
__DRF_HM float2 fracf(float2 v) { return make_float2(v.x - floorf(v.x), v.y - floorf(v.y)); }
__DRF_HM float2 fabs(float2 v) { return make_float2(fabsf(v.x), fabsf(v.y)); }
__DRF_HM float2 fmodf(float2 a, float2 b) { return make_float2(fmodf(a.x, b.x), fmodf(a.y, b.y)); }
__DRF_HM float2 reflect(float2 i, float2 n) { return i - 2.0f * n * dot(n, i); }
__DRF_HM float2 smoothstep(float2 a, float2 b, float2 x) { return make_float2(smoothstep(a.x, b.x, x.x), smoothstep(a.y, b.y, x.y)); }
__DRF_HM float3 fminf(float3 a, float3 b) { return make_float3(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z)); }
__DRF_HM float3 fmaxf(float3 a, float3 b) { return make_float3(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z)); }
__DRF_HM float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__DRF_HM float3 clamp(float3 v, float a, float b) { return make_float3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b)); }
__DRF_HM float3 clamp(float3 v, float3 a, float3 b) { return make_float3(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z)); }
__DRF_HM float3 lerp(float3 a, float3 b, float t) { return a + t * (b - a); }
__DRF_HM float length(float3 v) { return sqrtf(dot(v, v)); }
__DRF_HM float3 normalize(float3 v) { return v * rsqrtf(dot(v, v)); }
__DRF_HM float3 floorf(float3 v) { return make_float3(floorf(v.x), floorf(v.y), floorf(v.z)); }
__DRF_HM float3 fracf(float3 v) { return make_float3(v.x - floorf(v.x), v.y - floorf(v.y), v.z - floorf(v.z)); }
__DRF_HM float3 fabs(float3 v) { return make_float3(fabsf(v.x), fabsf(v.y), fabsf(v.z)); }
__DRF_HM float3 fmodf(float3 a, float3 b) { return make_float3(fmodf(a.x, b.x), fmodf(a.y, b.y), fmodf(a.z, b.z)); }
__DRF_HM float3 reflect(float3 i, float3 n) { return i - 2.0f * n * dot(n, i); }
__DRF_HM float3 smoothstep(float3 a, float3 b, float3 x) { return make_float3(smoothstep(a.x, b.x, x.x), smoothstep(a.y, b.y, x.y), smoothstep(a.z, b.z, x.z)); }
__DRF_HM float4 fminf(float4 a, float4 b) { return make_float4(fminf(a.x, b.x), fminf(a.y, b.y), fminf(a.z, b.z), fminf(a.w, b.w)); }
__DRF_HM float4 fmaxf(float4 a, float4 b) { return make_float4(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z), fmaxf(a.w, b.w)); }
__DRF_HM float dot(float4 a, float4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
__DRF_HM float4 clamp(float4 v, float a, float b) { return make_float4(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b), clamp(v.w, a, b)); }
__DRF_HM float4 clamp(float4 v, float4 a, float4 b) { return make_float4(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z), clamp(v.w, a.w, b.w)); }
__DRF_HM float4 lerp(float4 a, float4 b, float t) { return a + t * (b - a); }
__DRF_HM float length(float4 v) { return sqrtf(dot(v, v)); }
__DRF_HM float4 normalize(float4 v) { return v * rsqrtf(dot(v, v)); }
__DRF_HM float4 floorf(float4 v) { return make_float4(floorf(v.x), floorf(v.y), floorf(v.z), floorf(v.w)); }
__DRF_HM float4 fracf(float4 v) { return make_float4(v.x - floorf(v.x), v.y - floorf(v.y), v.z - floorf(v.z), v.w - floorf(v.w)); }
__DRF_HM float4 fabs(float4 v) { return make_float4(fabsf(v.x), fabsf(v.y), fabsf(v.z), fabsf(v.w)); }
__DRF_HM float4 fmodf(float4 a, float4 b) { return make_float4(fmodf(a.x, b.x), fmodf(a.y, b.y), fmodf(a.z, b.z), fmodf(a.w, b.w)); }
__DRF_HM float4 reflect(float4 i, float4 n) { return i - 2.0f * n * dot(n, i); }
__DRF_HM float4 smoothstep(float4 a, float4 b, float4 x) { return make_float4(smoothstep(a.x, b.x, x.x), smoothstep(a.y, b.y, x.y), smoothstep(a.z, b.z, x.z), smoothstep(a.w, b.w, x.w)); }
__DRF_HM int2 min(int2 a, int2 b) { return make_int2(min(a.x, b.x), min(a.y, b.y)); }
__DRF_HM int2 max(int2 a, int2 b) { return make_int2(max(a.x, b.x), max(a.y, b.y)); }
__DRF_HM int dot(int2 a, int2 b) { return a.x * b.x + a.y * b.y; }
__DRF_HM int2 clamp(int2 v, int a, int b) { return make_int2(clamp(v.x, a, b), clamp(v.y, a, b)); }
__DRF_HM int2 clamp(int2 v, int2 a, int2 b) { return make_int2(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y)); }
__DRF_HM int2 abs(int2 v) { return make_int2(abs(v.x), abs(v.y)); }
__DRF_HM int3 min(int3 a, int3 b) { return make_int3(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z)); }
__DRF_HM int3 max(int3 a, int3 b) { return make_int3(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z)); }
__DRF_HM int dot(int3 a, int3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__DRF_HM int3 clamp(int3 v, int a, int b) { return make_int3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b)); }
__DRF_HM int3 clamp(int3 v, int3 a, int3 b) { return make_int3(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z)); }
__DRF_HM int3 abs(int3 v) { return make_int3(abs(v.x), abs(v.y), abs(v.z)); }
__DRF_HM int4 min(int4 a, int4 b) { return make_int4(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z), min(a.w, b.w)); }
__DRF_HM int4 max(int4 a, int4 b) { return make_int4(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z), max(a.w, b.w)); }
__DRF_HM int dot(int4 a, int4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
__DRF_HM int4 clamp(int4 v, int a, int b) { return make_int4(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b), clamp(v.w, a, b)); }
__DRF_HM int4 clamp(int4 v, int4 a, int4 b) { return make_int4(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z), clamp(v.w, a.w, b.w)); }
__DRF_HM int4 abs(int4 v) { return make_int4(abs(v.x), abs(v.y), abs(v.z), abs(v.w)); }
__DRF_HM uint2 min(uint2 a, uint2 b) { return make_uint2(min(a.x, b.x), min(a.y, b.y)); }
__DRF_HM uint2 max(uint2 a, uint2 b) { return make_uint2(max(a.x, b.x), max(a.y, b.y)); }
__DRF_HM unsigned int dot(uint2 a, uint2 b) { return a.x * b.x + a.y * b.y; }
__DRF_HM uint2 clamp(uint2 v, unsigned int a, unsigned int b) { return make_uint2(clamp(v.x, a, b), clamp(v.y, a, b)); }
__DRF_HM uint2 clamp(uint2 v, uint2 a, uint2 b) { return make_uint2(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y)); }
__DRF_HM uint3 min(uint3 a, uint3 b) { return make_uint3(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z)); }
__DRF_HM uint3 max(uint3 a, uint3 b) { return make_uint3(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z)); }
__DRF_HM unsigned int dot(uint3 a, uint3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__DRF_HM uint3 clamp(uint3 v, unsigned int a, unsigned int b) { return make_uint3(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b)); }
__DRF_HM uint3 clamp(uint3 v, uint3 a, uint3 b) { return make_uint3(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z)); }
__DRF_HM uint4 min(uint4 a, uint4 b) { return make_uint4(min(a.x, b.x), min(a.y, b.y), min(a.z, b.z), min(a.w, b.w)); }
__DRF_HM uint4 max(uint4 a, uint4 b) { return make_uint4(max(a.x, b.x), max(a.y, b.y), max(a.z, b.z), max(a.w, b.w)); }
__DRF_HM unsigned int dot(uint4 a, uint4 b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }
__DRF_HM uint4 clamp(uint4 v, unsigned int a, unsigned int b) { return make_uint4(clamp(v.x, a, b), clamp(v.y, a, b), clamp(v.z, a, b), clamp(v.w, a, b)); }
__DRF_HM uint4 clamp(uint4 v, uint4 a, uint4 b) { return make_uint4(clamp(v.x, a.x, b.x), clamp(v.y, a.y, b.y), clamp(v.z, a.z, b.z), clamp(v.w, a.w, b.w)); }
__DRF_HM float fracf(float v) { return v - floorf(v); }
__DRF_HM float3 cross(float3 a, float3 b) { return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x); }
