import os

os.chmod("/srv/app/run.sh", 0o777)  # expect: permissive-file-permissions
