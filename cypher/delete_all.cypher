// Empties the graph in slices, so a large graph never needs one huge transaction.
MATCH (n)
WITH n
LIMIT 5000
DETACH DELETE n
RETURN count(n) AS deleted
