"""Models: embedders, sparse encoders, rerankers, LLMs. Loaded lazily, chosen by name."""
