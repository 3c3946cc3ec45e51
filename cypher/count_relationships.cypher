// {{type}} comes from the store's allowlist, never from input.
MATCH ()-[r:{{type}}]->()
RETURN count(r) AS n
