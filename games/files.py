"""Where the data files are (maps, card lists, words, rules summaries, fonts).

In a checkout (and an editable install) they are ``data/`` beside the packages; a built
wheel carries the same folder inside this package, as ``games/data/`` (``setup.py`` maps
one to the other), so an installed Tenka runs from any working directory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

_PACKAGE: Final = Path(__file__).resolve().parent
DATA_DIR: Final = _PACKAGE / "data" if (_PACKAGE / "data").is_dir() else _PACKAGE.parent / "data"
