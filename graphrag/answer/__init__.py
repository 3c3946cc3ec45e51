"""Answers with citations: passages under a token budget, extractive or LLM generation."""
