"""`/health` says what works and what does not, and is not ok while a mission cannot make
progress; `/ready` only says whether this API process can answer (for load balancers).
README.md#reliability."""

from __future__ import annotations

from collections.abc import Callable

from eventsourcing.persistence import PersistenceError
from litestar import Request, Response, get
from litestar.openapi.datastructures import ResponseSpec

from api.http.bodies import Health, IsolatedStream, Ready
from api.http.kept import kept
from projections.runner import Projections
from service.health import STUCK_MS, Jobs, Process

#: What `create_app` is given to look beyond the store: Redis and the workers, and the processes
#: `skirmish serve` supervises.
JobsProbe = Callable[[], Jobs]
ProcessesProbe = Callable[[], list[Process]]

def _store_kind(request: Request) -> str:
    return request.app.state.ledger.store.factory.__class__.__module__.split(".")[-1]


def _projections(request: Request) -> Projections:
    """Every projection's runner (the read models keep only those they read), to report lag."""
    return kept(request, "health_projections", Projections)


def isolated_streams(projections: Projections) -> list[IsolatedStream]:
    """Every stream a projection skips, projection by projection."""
    return [
        IsolatedStream(name, stream, why.position, why.reason)
        for name, runner in projections.runners.items()
        for stream, why in sorted(runner.isolated().items())
    ]


def isolation_problem(stream: IsolatedStream) -> str:
    return f"the {stream.projection} projection skips stream {stream.stream} from position {stream.position}: {stream.reason}"


def problems(jobs: Jobs | None, processes: list[Process]) -> list[str]:
    """Why no mission can make progress, in words; empty when it can."""
    found = [f"{p.name} is down ({p.last_exit or 'not started'}); restarting it" for p in processes if not p.alive]
    if jobs is None:
        return found
    if jobs.redis != "ok":
        return [*found, f"Redis: {jobs.redis}"]
    if not any(worker.alive for worker in jobs.workers):
        found.append("no worker is alive: AI activations and epoch verifications wait")
    if jobs.oldest_job_ms is not None and jobs.oldest_job_ms > STUCK_MS:
        found.append(f"the oldest job has waited {jobs.oldest_job_ms // 1000} s")
    return found


@get("/health", sync_to_thread=True, responses={503: ResponseSpec(Health, description="Failing: `problems` says why")})
def health(request: Request) -> Response[Health]:
    state = request.app.state
    kind = _store_kind(request)
    try:
        events: int | None = state.ledger.store.max_notification_id()
        projections = _projections(request)
        lag, isolated = projections.lag(), isolated_streams(projections)
        found = [isolation_problem(stream) for stream in isolated]
    except PersistenceError as error:
        events, lag, isolated, found = None, {}, [], [f"the event store cannot be read: {error}"]
    jobs = state.jobs() if state.get("jobs") else None
    processes = state.processes() if state.get("processes") else []
    found += problems(jobs, processes)
    body = Health("failing" if found else "ok", kind, events, found, jobs, processes, lag, isolated)
    return Response(body, status_code=503 if found else 200)


@get("/ready", sync_to_thread=True, responses={503: ResponseSpec(Ready, description="The store cannot be read")})
def ready(request: Request) -> Response[Ready]:
    kind = _store_kind(request)
    try:
        request.app.state.ledger.store.max_notification_id()
    except PersistenceError:
        return Response(Ready("unavailable", kind), status_code=503)
    return Response(Ready("ready", kind))


ROUTES = [health, ready]
