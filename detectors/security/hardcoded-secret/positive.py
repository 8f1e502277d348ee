API_TOKEN = "q8Zr2LmX9vKp4TnW7yBc"  # expect: hardcoded-secret
AWS = "AKIAIOSFODNN7EXAMPLQ"  # expect: hardcoded-secret
