import logging

log = logging.getLogger(__name__)


def handle(request):
    log.debug("handling %s", request)
    return request
