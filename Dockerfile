# Tenka: the Discord bot, on SQLite by default. Build: docker build -t tenka .
# Run:   docker run -e DISCORD_TOKEN=... -v tenka-data:/data tenka
# Two stages: the first builds the wheel (the data files travel inside it), the second
# installs only that wheel and its dependencies; no source tree, no build tools.
FROM python:3.11-slim AS wheel

ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY games ./games
COPY renderer ./renderer
COPY bot ./bot
COPY data ./data
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TENKA_DATABASE=/data/tenka.db

RUN useradd --create-home --uid 10001 tenka \
    && mkdir /data && chown tenka:tenka /data

COPY --from=wheel /wheels /wheels
RUN pip install /wheels/*.whl && rm -rf /wheels

USER tenka
WORKDIR /home/tenka
VOLUME ["/data"]
# python is PID 1 (exec form): SIGTERM from docker stop closes the gateway and the store
# and the bot exits 0 at once, well inside docker's 10 s grace
STOPSIGNAL SIGTERM
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
