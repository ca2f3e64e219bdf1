// Editor
