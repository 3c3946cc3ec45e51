// {{label}} comes from the store's allowlist, never from input.
MATCH (n:{{label}})
RETURN count(n) AS n
