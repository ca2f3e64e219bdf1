// GridLayout
