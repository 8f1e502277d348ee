import os
DEBUG = os.environ.get("DEBUG") == "1"
