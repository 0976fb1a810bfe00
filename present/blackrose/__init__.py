"""Black Rose Wars presentation (text only for now)."""
