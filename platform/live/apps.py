from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        # Imported here, not at the top: these modules use models, which Django loads only after
        # every app's config.
        from . import checks, liveness, services, tasks  # noqa: F401 (checks: registers on import)
        from .services import enqueue  # imports models: only in ready()

        # The services queue live.tasks' jobs and the heartbeat aborts through the services; both
        # are handed in here, so neither module imports the one that imports it (no cycle).
        enqueue.jobs_use(schedule_wake=tasks.schedule_wake, queue_ai_move=tasks.queue_ai_move)
        liveness.outage_abort_use(services.matches_abort_for_outage)
