"""Live matches, the core of the site: the match row, its move log, clocks, the WebSocket
consumers, AI and clock jobs.

Live imports none of the apps around it (accounts, lobby, matchmaking, ratings, tournaments, chat,
operations; ``tests/platform/test_import_layers.py`` holds it to that).  Those apps use the surface
below and add what they need to the live path through hooks they register in their
``AppConfig.ready``:

- writes: :mod:`live.services` (start, act, resign, abort, the clock's wake-ups) and
  :mod:`live.operator_services` (adjudication, forfeit); reads: :mod:`live.selectors`,
  :mod:`live.results`, :mod:`live.embargo`, :mod:`live.catalogue`, :mod:`live.ai_players`;
  the models (:mod:`live.models`) and errors (:mod:`live.errors`).
- sockets for other endpoints: :mod:`live.sockets` (``GuardedConsumer``, ``db_call``),
  :mod:`live.frames`, :mod:`live.socket_caps`, :mod:`live.socket_access`,
  :mod:`live.notifications` (the ``/ws/notify/`` socket is live's, routed in :mod:`live.routing`).
- hooks: ``live.services.MATCH_ENDED_HOOKS`` and ``MATCH_NO_SHOW_HOOKS`` (ratings, tournaments,
  chat, matchmaking), ``live.operator_services.RESULT_REPLACED_HOOKS`` (ratings),
  ``live.embargo.EMBARGO_FILTERS`` (tournaments), ``live.notify_socket.USER_GROUP_HOOKS``
  (matchmaking), and the read providers of :mod:`live.providers`: the ratings reader (ratings)
  and ``AFTER_MATCH_PROVIDERS`` for the result screen (lobby).  The match admin is live's
  ``live.admin.MatchAdmin``; operations replaces it with its own subclass.
"""
