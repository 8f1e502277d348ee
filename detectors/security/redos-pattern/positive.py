import re

EMAIL = re.compile(r"^([a-zA-Z0-9]+)*@example\.com$")  # expect: redos-pattern
