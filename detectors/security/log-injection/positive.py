import logging
from flask import request

logger = logging.getLogger(__name__)


def login():
    user = request.form["user"]
    logger.warning(f"login failed for {user}")  # expect: log-injection


def audit_trail():
    trail = logging.getLogger("audit")
    trail.warning("export by " + request.args["user"])  # expect: log-injection


def login_args():
    from flask import current_app
    current_app.logger.error("login failed for %s", request.form["user"])  # expect: log-injection
