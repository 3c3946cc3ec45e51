"""The query side: analysis, hybrid candidates, graph refinement, reranking."""
