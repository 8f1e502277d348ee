import os

os.chmod("/srv/app/run.sh", 0o755)
os.makedirs("/srv/app/uploads", mode=0o777, exist_ok=True)
fd = os.open("/srv/app/log", os.O_CREAT | os.O_WRONLY, 0o666)
import stat

os.chmod("/srv/app/run.sh", stat.S_IRWXU | stat.S_IRGRP | stat.S_IROTH)
os.chmod("/srv/app/data", 493)
os.fchmod(fd, 0o100644)
