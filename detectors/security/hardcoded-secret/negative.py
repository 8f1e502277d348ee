import os
API_TOKEN = os.environ["API_TOKEN"]
PASSWORD = "changeme"
TOKEN_HEADER = "X-Auth-Token-Header-Name"
