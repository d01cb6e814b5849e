"""The game service, transport-agnostic: :class:`bot.service.facade.Service` and the
collaborators it is a facade over (lobby, play, council, tempo, reading, hall), the unit of
work they share (``unit``), what follows a change (``aftermath``) and the timers."""
