API_TOKEN = "q8Zr2LmX9vKp4TnW7yBc"  # expect: hardcoded-secret
AWS = "AKIAIOSFODNN7EXAMPLQ"  # expect: hardcoded-secret
db_password = "pR9x!vQ2#mK7zL4w"  # expect: hardcoded-secret
HEADERS = {"Authorization-Token": "tQ9vX2mL8rKp4ZwN7yBc"}  # expect: hardcoded-secret


def connect(host, password="pR9x!vQ2#mK7zL4w"):  # expect: hardcoded-secret
    return host, password


SECRET_KEY = "django-insecure-7f#k2@x9m!q4w8e1r5t3y6u0i_p-a2s4d6f8g0h"  # expect: hardcoded-secret
admin_password = "Winter2024!"  # expect: hardcoded-secret
