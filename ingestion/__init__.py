"""Ingestion: parse documents, chunk them, embed, extract and resolve entities, write stores."""
