"""A throwaway PostgreSQL cluster for tests and benches: initdb in a temp dir, a free loopback port, stopped
at the end. `start()` returns None with the reason when PostgreSQL can't run here, so callers skip (never pass).
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from dataclasses import dataclass

SUPERUSER = "rookery"


def _binaries() -> str | None:
    """The directory holding initdb and pg_ctl: Debian's versioned one first (the real binaries)."""
    for bindir in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(os.path.join(bindir, "pg_ctl"), os.X_OK) and os.access(os.path.join(bindir, "initdb"), os.X_OK):
            return bindir
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return os.path.dirname(found)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    bindir: str
    datadir: str
    root: str
    port: int
    runas: list[str]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, sql: str) -> None:
        subprocess.run([os.path.join(self.bindir, "psql"), "-q", "-X", "-v", "ON_ERROR_STOP=1", "-d", self.url(),
                        "-c", sql], check=True, capture_output=True, timeout=60)

    def stop(self) -> None:
        subprocess.run([*self.runas, os.path.join(self.bindir, "pg_ctl"), "-D", self.datadir, "-m", "immediate",
                        "-w", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


def start(durable: bool = False) -> tuple[Cluster | None, str]:
    """(cluster, "") or (None, why not). durable=False turns fsync off: tests kill the bot, never the server."""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return None, "asyncpg is not installed (pip install 'rookery[postgres]')"
    bindir = _binaries()
    if bindir is None:
        return None, "PostgreSQL's initdb/pg_ctl are not installed"
    root = tempfile.mkdtemp(prefix="rookery-pg-")
    runas: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres user (or nobody)
        for name in ("postgres", "nobody"):
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                continue
            os.chown(root, entry.pw_uid, entry.pw_gid)
            runas = ["runuser", "-u", name, "--"]
            break
        else:
            return None, "running as root and no unprivileged user to run PostgreSQL as"
    datadir = os.path.join(root, "data")
    port = _free_port()
    cluster = Cluster(bindir, datadir, root, port, runas)
    try:
        subprocess.run([*runas, os.path.join(bindir, "initdb"), "-D", datadir, "-U", SUPERUSER, "--auth=trust",
                        "-E", "UTF8", "--no-sync"], check=True, capture_output=True, timeout=120)
        options = (f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={root}"
                   " -c max_connections=200 -c shared_buffers=32MB")
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        subprocess.run([*runas, os.path.join(bindir, "pg_ctl"), "-D", datadir, "-l", os.path.join(root, "log"),
                        "-o", options, "-w", "-t", "60", "start"], check=True, capture_output=True, timeout=90)
    except (subprocess.SubprocessError, OSError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        cluster.stop()
        return None, f"PostgreSQL could not be started: {exc} {detail.decode(errors='replace')[-300:]}"
    return cluster, ""
