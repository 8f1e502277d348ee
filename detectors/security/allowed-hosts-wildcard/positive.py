ALLOWED_HOSTS = ["*"]  # expect: allowed-hosts-wildcard
