"""``python -m getaway``: the same as the ``getaway`` command."""

from getaway.cli import main

main()
