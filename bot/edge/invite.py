"""The invite URL: the permissions Tenka really uses, as one integer.

- View Channels, Send Messages, Send Messages in Threads: boards, lobbies, notices;
- Attach Files: the board pictures, result cards and replays;
- Read Message History: the lobby message a game's thread hangs from, and after a
  restart whether an owed board was already posted;
- Create Public Threads: one thread per game (``/settings server threads:`` turns it off).

No privileged intent: slash commands, buttons and DMs need only the default intents.
"""

from __future__ import annotations

import discord

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
)
SCOPES = "bot+applications.commands"


def invite_url(client_id: int) -> str:
    """The URL that adds the application ``client_id`` to a server with these permissions.

    >>> invite_url(123).endswith(f"permissions={PERMISSIONS.value}&scope={SCOPES}")
    True
    """
    return (
        "https://discord.com/oauth2/authorize"
        f"?client_id={client_id}&permissions={PERMISSIONS.value}&scope={SCOPES}"
    )
