# Slim image, non-root user, the SQLite database on a volume, the token from the environment:
#   docker build -t rookery . && docker run -e DISCORD_TOKEN=... -v rookery-data:/data rookery
FROM python:3.11-slim

RUN useradd --create-home --uid 10001 rookery && mkdir /data && chown rookery:rookery /data
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY data ./data
COPY present ./present
RUN pip install --no-cache-dir . && rm -rf /root/.cache

USER rookery
ENV ROOKERY_DB=/data/rookery.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
CMD ["rookery", "run"]
