# Tenka: the Discord bot on SQLite. Build: docker build -t tenka .
# Run:   docker run -e DISCORD_TOKEN=... -v tenka-data:/data tenka
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TENKA_DATABASE=/data/tenka.db

RUN useradd --create-home --uid 10001 tenka \
    && mkdir /data && chown tenka:tenka /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY games ./games
COPY renderer ./renderer
COPY bot ./bot
COPY data ./data
RUN pip install -e .

USER tenka
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
