"""A throwaway PostgreSQL server for the tests and the benchmark: ``initdb`` + ``pg_ctl``.

The cluster lives in a temporary folder and listens only on a unix socket inside it (no
TCP port, nothing reachable from outside the machine). The server binaries come from
``PATH`` or the newest ``/usr/lib/postgresql/*/bin``; ``./scripts/test`` installs
Debian's ``postgresql`` when neither has them. PostgreSQL refuses to run as root, so a
root caller runs the server as the ``postgres`` system user.

``python -m tests.pg_cluster start DIR`` starts one and prints its URL;
``python -m tests.pg_cluster stop DIR`` stops it (``./scripts/test`` shares one
cluster between pytest's workers that way).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

USER: Final = "tenka"
SOCKET_DIR: Final = "sock"
DATA_DIR: Final = "data"


class ClusterError(RuntimeError):
    """The server binaries are missing, or the server would not start."""


def binaries() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda p: (
            int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0
        ),
    )
    if versions:
        return Path(versions[-1]).parent
    raise ClusterError(
        "No PostgreSQL server binaries (initdb, pg_ctl) were found on PATH or under"
        " /usr/lib/postgresql/*/bin: install them (apt-get install -y postgresql)."
    )


def _run_as() -> dict[str, Any]:
    """subprocess arguments that drop root to the ``postgres`` user (initdb refuses root)."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam("postgres")
    except KeyError:
        raise ClusterError(
            "PostgreSQL will not run as root and there is no 'postgres' user to run it as"
        ) from None
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


class TempCluster:
    """One temporary cluster; ``start()`` returns a URL of its ``postgres`` database.

    ``durable=False`` (the tests) turns fsync off: a test database need not survive a power
    cut, and initdb plus CREATE DATABASE get several times faster.
    """

    def __init__(self, root: str | Path | None = None, *, durable: bool = False) -> None:
        self.root = Path(root) if root is not None else Path(tempfile.mkdtemp(prefix="tenka-pg-"))
        self.durable = durable
        self.bin = binaries()

    @property
    def socket_dir(self) -> Path:
        return self.root / SOCKET_DIR

    @property
    def data_dir(self) -> Path:
        return self.root / DATA_DIR

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@/{database}?host={self.socket_dir}"

    def _call(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            check=False,
            **_run_as(),
        )
        if done.returncode != 0:
            raise ClusterError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    def _own(self) -> None:
        run_as = _run_as()
        for path in (self.root, self.socket_dir):
            path.mkdir(parents=True, exist_ok=True)
            if run_as:
                os.chown(path, run_as["user"], run_as["group"])

    def init(self) -> None:
        """Create the cluster's files (once)."""
        self._own()
        if (self.data_dir / "PG_VERSION").exists():
            return
        self._call(
            "initdb", "-D", str(self.data_dir), "-U", USER, "--auth=trust", "-E", "UTF8",
            "--locale=C", "--no-sync",
        )  # fmt: skip

    def start(self) -> str:
        """Initialise if needed, start the server and wait until it accepts connections."""
        self.init()
        options = [
            f"-k {self.socket_dir}",
            "-c listen_addresses=''",
            "-c max_connections=200",
            "-c shared_buffers=64MB",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c full_page_writes=off", "-c synchronous_commit=off"]
        self._call(
            "pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data_dir),
            "-l", str(self.root / "server.log"), "-o", " ".join(options),
        )  # fmt: skip
        return self.url()

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``immediate`` is a crash: no checkpoint, connections cut)."""
        if (self.data_dir / "postmaster.pid").exists():
            self._call("pg_ctl", "stop", "-w", "-m", mode, "-D", str(self.data_dir))

    def cpu_seconds(self) -> float | None:
        """CPU seconds the server has used so far: the postmaster, its live processes and
        the ones it has reaped (exited backends count in its ``cutime``). None where there
        is no ``/proc`` or the server is not running."""
        try:
            postmaster = int((self.data_dir / "postmaster.pid").read_text().split()[0])
            total = 0
            for entry in Path("/proc").iterdir():
                if not entry.name.isdigit():
                    continue
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except OSError:
                    continue  # gone meanwhile
                pid, parent = int(entry.name), int(fields[1])
                if pid == postmaster:  # utime, stime, cutime, cstime
                    total += sum(int(f) for f in fields[11:15])
                elif parent == postmaster:
                    total += int(fields[11]) + int(fields[12])
        except (OSError, ValueError, IndexError):
            return None
        return total / os.sysconf("SC_CLK_TCK")

    def remove(self) -> None:
        """Stop the server and delete its files."""
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in {"start", "stop"}:
        print("usage: python -m tests.pg_cluster start|stop DIR", file=sys.stderr)
        return 2
    cluster = TempCluster(argv[2])
    if argv[1] == "start":
        print(cluster.start())
    else:
        cluster.remove()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
