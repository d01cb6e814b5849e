"""The packages of the wheel; everything else is in pyproject.toml.

``data/`` (maps, card lists, words, rules summaries, fonts) ships inside the wheel as
``games/data/``, where an installed Tenka finds it (``games/files.py``). Folders holding
only data (``bot/words/locales``, ``data/<key>/locales``...) are namespace packages of their own,
so setuptools carries their files as package data.
"""

from setuptools import find_namespace_packages, setup

NOT_CODE = ["*__pycache__"]
# bench/ too, as before: scripts/screenshots.py and the bench tools import it from anywhere
CODE = find_namespace_packages(include=["games*", "renderer*", "bot*", "bench*"], exclude=NOT_CODE)
DATA = [f"games.data.{name}" for name in find_namespace_packages("data", exclude=NOT_CODE)]

setup(packages=[*CODE, "games.data", *DATA], package_dir={"games.data": "data"})
