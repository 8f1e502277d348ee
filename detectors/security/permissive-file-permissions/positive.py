import os
import stat

os.chmod("/srv/app/run.sh", 0o777)  # expect: permissive-file-permissions
os.chmod("/srv/app/data", 511)  # expect: permissive-file-permissions
os.fchmod(fd, 0o100666)  # expect: permissive-file-permissions
os.chmod("/srv/app/run.sh", stat.S_IRWXU | stat.S_IWOTH)  # expect: permissive-file-permissions
os.chmod("/srv/app/shared", stat.S_IRWXO)  # expect: permissive-file-permissions
