"""Discord extensions (cogs): thin translations from interactions to service calls."""
