// Draw a sharding, then partition a matmul and read its communication
// report.
//
//	go run ./examples/pictures [/path/to/libsdy_c.so]
package main

import (
	"fmt"
	"log"
	"os"
	"strings"

	"sdy"
)

// x · w with the contracting dimension split over "m": the partitioner
// inserts an all_reduce of the 8x32 f32 result.
const program = `sdy.mesh @mesh = <["m"=4]>
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"m"}]>},
                %w: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"m"}, {}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}`

func run() error {
	path := ""
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	lib, err := sdy.Open(path)
	if err != nil {
		return err
	}
	ctx, err := lib.NewContext()
	if err != nil {
		return err
	}
	defer ctx.Close()

	// Which device holds which tile of a 4x6 tensor.
	mesh, err := sdy.NewMesh(ctx, []sdy.Axis{{Name: "x", Size: 2}, {Name: "y", Size: 2}}, nil)
	if err != nil {
		return err
	}
	defer mesh.Close()
	sharding, err := sdy.ParseSharding(ctx, `#sdy.sharding<@mesh, [{"x"}, {"y"}]>`, mesh)
	if err != nil {
		return err
	}
	defer sharding.Close()
	grid, err := sharding.LayoutText([]int64{4, 6}, true)
	if err != nil {
		return err
	}
	fmt.Println(grid)
	svg, err := sharding.LayoutSVG([]int64{4, 6})
	if err != nil {
		return err
	}
	if n := strings.Count(svg, `<g class="tile"`); n != 4 {
		return fmt.Errorf("%d tiles in the SVG", n)
	}

	// The collectives of the partitioned program and their bytes.
	module, err := sdy.ParseModule(ctx, program)
	if err != nil {
		return err
	}
	defer module.Close()
	if err := module.Partition(ctx); err != nil {
		return err
	}
	report, err := module.CollectiveReport(sdy.ReportOptions{})
	if err != nil {
		return err
	}
	for _, c := range report.Collectives {
		fmt.Printf("%s over %v: %d bytes sent by device 0\n", c.Kind, c.Axes, c.Sent[0])
	}
	html, err := module.HTMLReport()
	if err != nil {
		return err
	}
	if !strings.HasPrefix(html, "<!DOCTYPE html>") {
		return fmt.Errorf("not an HTML page")
	}
	fmt.Println("OK")
	return nil
}

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}
