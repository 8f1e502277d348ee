import logging
from pathlib import Path


def export(rows):
    with open("/tmp/report.csv", "w") as f:  # expect: hardcoded-tmp-path
        f.writelines(rows)


def stage():
    return Path("/var/tmp/stage.json")  # expect: hardcoded-tmp-path


logging.basicConfig(filename="/tmp/app.log")  # expect: hardcoded-tmp-path
