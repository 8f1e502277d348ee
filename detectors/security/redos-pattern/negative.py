import re

EMAIL = re.compile(r"^[a-zA-Z0-9]+@example\.com$")
WORDS = re.compile(r"(\w+)\s")
