import os

os.chmod("/srv/app/run.sh", 0o777)  # expect: permissive-file-permissions
os.makedirs("/srv/app/uploads", mode=0o777, exist_ok=True)  # expect: permissive-file-permissions
