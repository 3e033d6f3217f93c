"""Persistence of game tables: SQLAlchemy models, engines and Alembic migrations."""
