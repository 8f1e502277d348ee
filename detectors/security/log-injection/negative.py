import logging
from flask import request

logger = logging.getLogger(__name__)


def login(attempts):
    logger.warning("login failed for %r", request.form["user"])
    logger.info(f"{attempts} attempts so far")
