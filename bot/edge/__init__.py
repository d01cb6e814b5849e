"""The Discord edge: the client and its cogs, buttons, the runner that answers every
interaction in time, and the publisher that posts what the service returned. The only
part of ``bot/`` that imports discord.py."""
