"""The bot's words: the catalogues (``locales/``), choosing a reader's language, wording
events and outcomes, the rules summaries and ``/help``. No Discord, no store."""
