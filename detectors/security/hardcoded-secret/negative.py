import os
API_TOKEN = os.environ["API_TOKEN"]
PASSWORD = "changeme"
TOKEN_HEADER = "X-Auth-Token-Header-Name"
# Keys from documentation and made-up test keys, and settings paths.
AWS_ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE"
OPENAI_KEY = "sk-proj-abcdefghijklmnopqrstuvwxyz012345"
SECRET_KEY_SETTING = "django.conf.settings.secret"
HEADERS = {"X-Api-Token-Secret": "x-api-token-header"}


def connect(host, password=None, password_env="DB_PASSWORD"):
    return host, password, password_env
user_password = "hunter"
reset_password = "reset-password"
EMAIL_PASSWORD = ""
