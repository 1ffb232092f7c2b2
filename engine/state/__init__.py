"""The game state and what is built on it without rules: the objects, players, zones and
stack (``game_state``), the decisions a game asks (``decisions``, ``ask``), explicit chance
(``rng``), derived data and its memos (``derived``, ``memo``), what each player may see
and know (``sight``, ``view``), copies for search (``clone``), serialization (``serialize``), the event log
(``log``) and per-game counters (``stats``).
"""
