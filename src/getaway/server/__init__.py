"""The web application: lobby, live tables over WebSockets, persistence, bots (see API.md)."""
