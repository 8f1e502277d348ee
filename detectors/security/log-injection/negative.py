import logging
from flask import request

logger = logging.getLogger(__name__)


def login(attempts):
    logger.warning("login failed for %r", request.form["user"])
    logger.info(f"{attempts} attempts so far")


def log_exception(exc_info):
    # The request's own path, as an access log writes it.
    logger.error(f"Exception on {request.path} [{request.method}]", exc_info=exc_info)


def audit_trail():
    trail = logging.getLogger("audit")
    trail.warning("export by %r", request.args["user"])


def login_counted():
    logger.error("login failed %s times for %r", 3, request.form["user"])
