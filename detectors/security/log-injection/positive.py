import logging
from flask import request

logger = logging.getLogger(__name__)


def login():
    user = request.form["user"]
    logger.warning(f"login failed for {user}")  # expect: log-injection
