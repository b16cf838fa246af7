"""The study on a real Spark cluster: a standalone master and two workers on 127.0.0.1, started
here from the pyspark package (its wheel has no start-master/start-worker scripts: the daemons
are `bin/spark-class org.apache.spark.deploy.master.Master` and `…deploy.worker.Worker`), the
job submitted by the command line with ``--master spark://127.0.0.1:PORT``, and its four tables
held equal, row for row, to the same job's in ``local[*]``. The workers' executors run this
virtual environment's Python (``PYSPARK_PYTHON``), as a cluster whose nodes share an image
does (docs/study.md, "On a cluster"). The daemons are stopped whatever happens.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from study_data import require_study_suite, write_inputs

require_study_suite()

import pyarrow.parquet as pq  # noqa: E402
import pyspark  # noqa: E402

TABLES = ("verdicts", "files", "disagreements", "changes")
WORKERS = 2
# Small daemons: the master and workers need little; each worker offers one core and enough
# memory for one executor of 512 MB (Spark's floor is ~450 MB of heap).
DAEMON_MEMORY = "256m"
WORKER_MEMORY = "640m"
EXECUTOR_MEMORY = "512m"
STARTUP_SECONDS = 90


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def spark_env(work: Path) -> dict:
    """The daemons' and the driver's environment: Spark's home is the pyspark package, every
    address the loopback, every Python this one."""
    return dict(
        os.environ,
        SPARK_HOME=str(Path(pyspark.__file__).parent),
        SPARK_LOCAL_IP="127.0.0.1",
        SPARK_DAEMON_MEMORY=DAEMON_MEMORY,
        SPARK_LOG_DIR=str(work / "logs"),
        SPARK_WORKER_DIR=str(work / "worker"),
        PYSPARK_PYTHON=sys.executable,
        PYSPARK_DRIVER_PYTHON=sys.executable,
    )


def daemon(env: dict, log: Path, main_class: str, *args: str) -> subprocess.Popen:
    """A Spark daemon in its own process group (so that stopping it stops its JVM)."""
    spark_class = Path(env["SPARK_HOME"]) / "bin" / "spark-class"
    with open(log, "wb") as out:
        return subprocess.Popen([str(spark_class), main_class, *args], env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    """Stops a daemon's process group: SIGTERM, then SIGKILL after 20 s."""
    if process.poll() is not None:
        return
    for sent, wait in ((signal.SIGTERM, 20), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            return
        try:
            process.wait(wait)
            return
        except subprocess.TimeoutExpired:
            continue


def alive_workers(ui_port: int) -> int:
    """The workers the master counts alive (its web UI's JSON), 0 while it is not up."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{ui_port}/json/", timeout=2) as page:
            return int(json.load(page).get("aliveworkers", 0))
    except (OSError, ValueError):
        return 0


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """The URL of a standalone master with two workers of one core each; stopped after the
    module, or when starting fails."""
    work = tmp_path_factory.mktemp("cluster")
    (work / "logs").mkdir()
    env = spark_env(work)
    port, ui_port = free_port(), free_port()
    master_url = f"spark://127.0.0.1:{port}"
    daemons = []
    try:
        daemons.append(daemon(env, work / "master.log", "org.apache.spark.deploy.master.Master",
                              "--host", "127.0.0.1", "--port", str(port),
                              "--webui-port", str(ui_port)))
        for n in range(WORKERS):
            daemons.append(daemon(env, work / f"worker-{n}.log",
                                  "org.apache.spark.deploy.worker.Worker", master_url,
                                  "--host", "127.0.0.1", "--port", str(free_port()),
                                  "--webui-port", str(free_port()), "--cores", "1",
                                  "--memory", WORKER_MEMORY,
                                  "--work-dir", str(work / f"worker-{n}")))
        deadline = time.monotonic() + STARTUP_SECONDS
        while alive_workers(ui_port) < WORKERS:
            if time.monotonic() > deadline or any(d.poll() is not None for d in daemons):
                logs = "\n".join(p.read_text(errors="replace")[-2000:]
                                 for p in sorted(work.glob("*.log")))
                pytest.fail(f"the cluster did not start within {STARTUP_SECONDS} s:\n{logs}")
            time.sleep(0.5)
        yield master_url, env, work
    finally:
        for process in reversed(daemons):
            stop(process)


def run_job(master: str, env: dict, locations, out: Path) -> dict:
    """The command line's job into ``out``; its settings.json."""
    command = [sys.executable, "-m", "robotspec.study", "--warc", *locations,
               "--out", str(out), "--master", master,
               "--conf", "spark.ui.enabled=false"]
    if master.startswith("spark://"):
        command += ["--conf", f"spark.executor.memory={EXECUTOR_MEMORY}",
                    "--conf", "spark.executor.cores=1", "--conf", f"spark.cores.max={WORKERS}"]
    # From the repository's root (.ci/test-study's folder): not python/, whose sources would
    # shadow the installed package.
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads((out / "settings.json").read_text())


def rows(folder: Path):
    """A table's rows, sorted (order across partitions is Spark's business)."""
    table = pq.read_table(folder).to_pylist()
    return sorted(table, key=lambda row: json.dumps(row, sort_keys=True, default=str))


def test_a_standalone_cluster_gives_the_local_tables(cluster, tmp_path):
    master, env, work = cluster
    locations, _ = write_inputs(tmp_path)
    assert len(locations) > 1  # more partitions than one worker's core: both workers work
    on_cluster = run_job(master, env, locations, tmp_path / "cluster")
    local = run_job("local[*]", env, locations, tmp_path / "local")
    assert on_cluster["captures"] == local["captures"] > 200
    assert (on_cluster["master"], local["master"]) == (master, "local[*]")
    for name in TABLES:
        found, expected = rows(tmp_path / "cluster" / name), rows(tmp_path / "local" / name)
        assert len(found) == len(expected) > 0, name
        assert found == expected, name
    # The executors ran on the workers, not in the driver: each worker's folder holds the
    # application's executor logs.
    ran = [w for w in (work / f"worker-{n}" for n in range(WORKERS)) if any(w.glob("app-*/*"))]
    assert len(ran) == WORKERS


def test_the_docs_recipe_is_the_one_tested():
    """docs/study.md's "On a cluster" starts the daemons and submits the job as this module
    does: the same classes, memory settings and job settings."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "study.md").read_text()
    section = doc.split("## On a cluster", 1)[1].split("\n## ", 1)[0]
    for needed in ("org.apache.spark.deploy.master.Master",
                   "org.apache.spark.deploy.worker.Worker",
                   f"SPARK_DAEMON_MEMORY={DAEMON_MEMORY}", f"--memory {WORKER_MEMORY}",
                   f"spark.executor.memory={EXECUTOR_MEMORY}", "spark.executor.cores=1",
                   f"spark.cores.max={WORKERS}", "--cores 1", "PYSPARK_PYTHON="):
        assert needed in section, needed
