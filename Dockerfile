# syntax=docker/dockerfile:1
# «Сражение» bot image: built from this repository alone.
#   docker build -t srazhenie .
#   docker run -d --name srazhenie --restart unless-stopped \
#     -e TELOXIDE_TOKEN=123456:ABC... -v srazhenie-data:/data srazhenie
# The database lives on the /data volume; see docs/operations.md.

# --- build: the Rust toolchain the project is pinned to (rust-version in Cargo.toml).
# Everything the build needs is in this repository: locales and migrations are
# embedded into the binary, SQLite is compiled in (sqlx's bundled libsqlite3).
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# The registry and target caches survive between builds (BuildKit cache mounts);
# the binary is copied out of the cached target directory.
ENV CARGO_PROFILE_RELEASE_STRIP=true
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked --bin srazhenie \
    && cp target/release/srazhenie /usr/local/bin/srazhenie \
    && mkdir /data

# --- runtime: glibc and libgcc only, no shell, runs as an unprivileged user
# (TLS roots are built into the binary: rustls with webpki-roots; SQLite is bundled).
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /usr/local/bin/srazhenie /usr/local/bin/srazhenie
COPY --from=build --chown=nonroot:nonroot /data /data
WORKDIR /data
VOLUME /data
ENV DATABASE_URL=sqlite:///data/srazhenie.db?mode=rwc
# The bot stops cleanly on SIGTERM (docker stop): give it time to finish its saves.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/srazhenie"]
CMD ["serve"]
