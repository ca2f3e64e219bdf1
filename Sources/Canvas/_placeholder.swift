// Canvas
