import logging

logger = logging.getLogger(__name__)


def connect(host, user, password):
    logger.debug("connecting to %s as %s", host, user)
    logger.info("password length ok: %s", len(password) >= 12)


def parse(tokens):
    for token in tokens:
        logger.debug("unexpected token %s", token)


def report(secret_name, password_hash):
    logger.info("rotated %s (%s)", secret_name, password_hash[:6])
    print("your new password is", password_hash)
