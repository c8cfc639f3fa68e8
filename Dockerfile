# drfcheck with what it needs at run time: clang (its CUDA front end) and
# libz3 (its SMT solver). Build and use:
#
#   docker build -t drfcheck .
#   docker run --rm -v "$PWD:/src" drfcheck --format=sarif kernels/ > drfcheck.sarif
#
# --build-arg VERSION=v0.1.0 and COMMIT=$(git rev-parse HEAD) name the build
# in drfcheck --version.

FROM golang:1.26-bookworm AS build
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libz3-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /go/src/drfcheck
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=
ARG COMMIT=
RUN CGO_ENABLED=1 go build -trimpath -buildvcs=false \
      -ldflags "-X github.com/drfcheck/drfcheck/internal/version.Override=${VERSION} -X github.com/drfcheck/drfcheck/internal/version.CommitOverride=${COMMIT}" \
      -o /out/drfcheck ./cmd/drfcheck

FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clang libz3-4 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/drfcheck /usr/local/bin/drfcheck
WORKDIR /src
ENTRYPOINT ["drfcheck"]
