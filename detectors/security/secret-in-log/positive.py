import logging

logger = logging.getLogger(__name__)


def connect(host, user, password):
    logger.debug("connecting to %s as %s with %s", host, user, password)  # expect: secret-in-log


class Client:
    def __init__(self, api_key):
        self.api_key = api_key
        self.logger = logging.getLogger("client")

    def call(self):
        self.logger.info(f"calling with key {self.api_key}")  # expect: secret-in-log
        logging.error("refresh failed: " + self.refresh_token)  # expect: secret-in-log
